/*
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package org.joor.test.interfaces;

/**
 * @author Lukas Eder
 */
public class Test1 {
    public static int     S_INT1;
    public static Integer S_INT2;
    public int            I_INT1;
    public Integer        I_INT2;

    public static Test1   S_DATA;
    public Test1          I_DATA;
}
